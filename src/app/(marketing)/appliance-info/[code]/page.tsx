import { publicProductPage } from "../../public-product-page";

const page = publicProductPage("appliance");

export const generateMetadata = page.generateMetadata;
export default page.Page;
